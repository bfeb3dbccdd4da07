/**
 * The editor's bottom-panel areas (docs/product-rules.md, 'Editor and player'): Smart Auto Grade, Hollywood LUTs and
 * Color Grading, plus the autosave of the open asset's grade and the `?look=` link. EditorScreen
 * lays them out; HomeScreen runs `useLookQuery`.
 */
export { LooksPanel } from './LooksPanel';
export { ColorGradingPanel } from './ColorGradingPanel';
export type { GradingMode } from './ColorGradingPanel';
export { SmartAutoGradePanel } from './SmartAutoGradePanel';
export { useGradeAutosave } from './use-grade-autosave';
export { useLookQuery } from './use-look-query';
