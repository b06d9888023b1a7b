import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Rules that catch bugs, not style: Prettier owns layout. Cycles are dpdm's job (`npm run cycles`),
// unresolved imports in TypeScript are tsc's.
// Type-aware rules (floating promises and the like) cost ~83 s of CPU against ~28 s on this 2-core machine: opt in with ESLINT_TYPE_AWARE=1.
const typeAware = process.env.ESLINT_TYPE_AWARE === "1";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "build-*/",
      "public/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "blob-report/",
      ".cache/",
      "uploads/",
    ],
  },
  js.configs.recommended,
  typeAware ? tseslint.configs.recommendedTypeChecked : tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: typeAware ? { projectService: true, tsconfigRootDir: import.meta.dirname } : {},
    },
  },
  // The tsconfig covers .ts/.tsx only: plain-JS files get the rules that need no types.
  typeAware ? { files: ["**/*.{js,mjs,cjs}"], ...tseslint.configs.disableTypeChecked } : {},
  // CommonJS where a loader needs it (piscina's worker): `require` is how such a file imports.
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ["**/*.{tsx,jsx}"],
    ...react.configs.flat.recommended,
    settings: { react: { version: "detect" } },
  },
  { files: ["**/*.{tsx,jsx}"], ...react.configs.flat["jsx-runtime"] },
  { files: ["**/*.{tsx,jsx}"], ...jsxA11y.flatConfigs.recommended },
  reactHooks.configs.flat.recommended,
  importPlugin.flatConfigs.errors,
  importPlugin.flatConfigs.typescript,
  {
    settings: { "import/resolver": { typescript: { alwaysTryTypes: true }, node: true } },
    rules: {
      "import/no-unresolved": "off",
      // tsc checks namespace members, and this rule alone took a third of the run.
      "import/namespace": "off",
      "import/no-cycle": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // A performance hint for the React Compiler era; here effects sync with fetchers, toasts and file inputs.
      "react-hooks/set-state-in-effect": "off",
      // Remix's loaders and actions throw Responses (redirects, 404s) by design.
      "@typescript-eslint/only-throw-error": "off",
    },
  },
  {
    // tsc checks only .ts/.tsx, so the plain-JS scripts get import resolution checked here.
    files: ["**/*.{js,mjs}"],
    rules: { "import/no-unresolved": "error" },
  },
  {
    // Playwright's fixtures call their callback `use`, which is no React hook.
    files: ["tests/**"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
);
