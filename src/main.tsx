import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/Boot.tsx';
import './styles/app.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Boot location={window.location} />
  </StrictMode>,
);
