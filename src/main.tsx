import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { registry } from '../screens.config.ts';
import { Boot, startLoading } from './app/Boot.tsx';
import './styles/app.css';
import './styles/boot.css';

startLoading(window.location, registry);
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot location={window.location} registry={registry} />
  </StrictMode>,
);
