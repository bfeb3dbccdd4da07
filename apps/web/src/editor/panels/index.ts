/**
 * The editor's bottom-panel areas (spec part 1 §2 Editor): Smart Auto Grade, Hollywood LUTs and
 * Color Grading, plus the autosave of the open asset's grade. EditorScreen lays them out.
 */
export { LooksPanel, ColorGradingPanel, SmartAutoGradePanel, useGradeAutosave } from './placeholder-panels';
