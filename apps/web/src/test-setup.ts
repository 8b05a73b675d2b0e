import { afterEach } from 'vitest';

// Testing Library only auto-cleans when globals are on; they are off here, so clean up by hand.
afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});
