import { configure } from '@testing-library/react';

/**
 * The machines that run these tests are shared and noisy: a first render that loads the whole
 * back-office kit can take longer than Testing Library's one-second default, which made a correct
 * screen fail by the clock. Waits get five seconds; a screen that is really wrong still fails.
 */
configure({ asyncUtilTimeout: 5_000 });
