import os from 'node:os';
import path from 'node:path';
// Shared with the server's tests: media generated with ffmpeg once per machine.
import { mediaFixtures } from '../../scripts/media-fixtures.mjs';

export const fixtures = mediaFixtures(path.join(os.tmpdir(), 'cinegrade-media-fixtures'));
