/**
 * How long a web unit test waits for the page to reach a state (findBy…, waitFor), sized for a
 * slow, busy machine: Testing Library's own default gives up after one second. Set for every test
 * in test-setup.ts; a wait ends as soon as its condition holds (docs/engineering-rules.md, 'Tests').
 */
export const UI_WAIT_MS = 30_000;

/** A test's own limit: room for a few such waits. */
export const TEST_LIMIT_MS = 120_000;
