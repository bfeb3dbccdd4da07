// Lint fixture (apps/server/test/lint-rules.test.ts): a leaf module.
export interface Leaf {
  readonly name: string;
}
