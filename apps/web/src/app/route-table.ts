/**
 * Every client route and alias (docs/product-rules.md, 'Routes'). Static pages are code-split: the editor's
 * first load does not carry them.
 */
export const STATIC_PAGE_ROUTES = {
  helpSupport: ['/help-support', '/getting-started', '/contact-support'],
  tutorialsLearning: ['/tutorials-learning', '/video-tutorials', '/color-grading-basics', '/lut-application'],
  filmColorAnalysis: ['/film-color-analysis', '/color-science', '/lut-collections', '/video-scopes', '/tools-resources'],
  colorCorrectionGrading: [
    '/color-correction-grading',
    '/color-correction-vs-grading',
    '/professional-workflows',
    '/grading-guidelines',
    '/correction-techniques',
    '/color-temperature',
    '/cinematic-grading',
    '/skin-tone-correction',
  ],
  privacyPolicy: ['/privacy-policy'],
  termsOfService: ['/terms-of-service'],
} as const;

/** `/editor` is linked from the landing pages; it is the editor at `/`. */
export const HOME_PATHS = ['/', '/editor'] as const;
