export const COLOR_ENGINE_VERSION = 1;
