import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { UI_WAIT_MS } from './test-waits';

configure({ asyncUtilTimeout: UI_WAIT_MS });

afterEach(() => cleanup());
