import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { preloadPhoneInput } from '../../src/forms/widgets/LazyPhoneInput.tsx';

// The phone input's code is fetched when the first phone field is drawn (issue 10 item 2); a browser
// has it moments later. The tests draw it as it is then, at once: tests/ui/forms/onDemand.test.tsx
// covers the moments before (the plain number input) and the hand-over.
beforeAll(async () => {
  await preloadPhoneInput();
});

// The UI tests talk to a real server on a shared 2-core machine: a page may take more than the
// default second to boot when other suites run beside them (waits end as soon as the page is there).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
