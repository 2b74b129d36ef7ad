import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadPhoneInput } from '../../src/forms/widgets/LazyPhoneInput.tsx';

// The phone input's code is fetched when the first phone field is drawn (issue 10 item 2); a browser
// has it moments later. The tests draw it as it is then, at once: tests/ui/forms/onDemand.test.tsx
// covers the moments before (the plain number input) and the hand-over.
beforeAll(async () => {
  await preloadPhoneInput();
});

afterEach(() => {
  cleanup();
});
