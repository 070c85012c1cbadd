// ESLint for the UI: TypeScript's recommended rules, the rules of hooks, and
// the boundaries between the folders of src/ (`npm run lint`, `make lint-ui`).
//
// The folders are layers, after bulletproof-react's project structure
// (docs/project-structure.md and its eslint zones); each may import the
// layers below it and npm packages, never one above it:
//
//   src/lib       shared code that knows nothing of this app's screens: the
//                 API's types, formatting, i18n, routing tables, the search
//                 client and the list's URL state, the search trail, the
//                 maps' base, dialogs, icons, DOM helpers. Imports only lib.
//   src/app       the app's services (its contexts, API calls, queries, error
//                 boundary, islands, document meta, env) and, in Root.tsx,
//                 PageView.tsx and start.tsx, its composition root. The
//                 services import only lib; the composition root puts the
//                 shell and the pages together and may import them (and the
//                 features they need loaded, e.g. the consent manager).
//   src/features  one folder per feature; a feature imports its own folder,
//                 lib and app's services, never another feature, the shell or
//                 a page. What two features share moves down into lib; a
//                 feature that shows another's piece gets it from the page
//                 (the listings page gives the list its map view and
//                 favourite button).
//   src/shell     the header, menus and footer around every page: they may
//                 use features (quick search, favourites link, consent).
//   src/pages     the pages, composing features, the shell's pieces, app and
//                 lib. Nothing below imports a page.
//   src/*.tsx     the entry points (App, main, entry-server): nothing imports
//                 them but the composition root and tests.
//
// Tests and their support files follow the same zones, with two allowances:
// they may use the shared test data in src/pages/__fixtures__ and app's test
// helpers (app/testing.tsx), and they may render the whole app (App.tsx,
// entry-server.tsx) to test a feature in place.
//
// import-x/no-cycle reports any import cycle, across layers or inside one.
import fs from "node:fs";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = fs
  .readdirSync(new URL("./src/features/", import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** The zones of import-x/no-restricted-paths; tests get the allowances above, the composition root may import upwards. */
function zones({ tests = false, compositionRoot = false } = {}) {
  const fixtures = tests ? ["./__fixtures__"] : [];
  const appTestHelpers = tests ? ["./testing.tsx", "./testQueries.tsx"] : [];
  return [
    // A feature imports no other feature.
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: "./src/features",
      except: [`./${feature}`],
      message: "A feature imports no other feature: move what they share into src/lib, or let the page compose them.",
    })),
    { target: "./src/features", from: "./src/pages", except: fixtures, message: "A feature imports no page." },
    { target: "./src/features", from: "./src/shell", message: "A feature imports nothing of the shell: move what it needs into src/lib." },
    // lib is shared by all and knows none of them.
    { target: "./src/lib", from: "./src/app", except: appTestHelpers, message: "src/lib imports only src/lib." },
    { target: "./src/lib", from: ["./src/features", "./src/shell"], message: "src/lib imports only src/lib." },
    { target: "./src/lib", from: "./src/pages", except: fixtures, message: "src/lib imports only src/lib." },
    // app's services stand below the features; only the composition root imports upwards.
    ...(compositionRoot
      ? []
      : [
          { target: "./src/app", from: ["./src/features", "./src/shell"], message: "Only app's composition root (Root, PageView, start) imports features and the shell." },
          { target: "./src/app", from: "./src/pages", except: fixtures, message: "Only app's composition root (Root, PageView, start) imports pages." },
        ]),
    { target: "./src/shell", from: "./src/pages", except: fixtures, message: "The shell imports no page." },
    // The entry points.
    ...(tests || compositionRoot
      ? []
      : [{ target: ["./src/app", "./src/features", "./src/lib", "./src/shell", "./src/pages"], from: "./src/*.tsx", message: "Nothing imports an entry point but app's composition root." }]),
  ];
}

const testFiles = [
  "src/**/*.test.{ts,tsx}",
  "src/**/testing.{ts,tsx}",
  "src/**/testSupport.{ts,tsx}",
  "src/**/__fixtures__/**",
  "src/lib/trail/fixtures.ts",
  "src/app/testQueries.tsx",
  "src/features/forms/stubLeadForm.tsx",
];
const compositionRoot = ["src/app/Root.tsx", "src/app/PageView.tsx", "src/app/start.tsx"];

export default defineConfig(
  { ignores: ["dist/", "node_modules/", "coverage/", "src/lib/api/pagedata.gen.ts"] },
  js.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // tsc's noUnusedLocals and noUnusedParameters already say it, with the same exceptions.
      "@typescript-eslint/no-unused-vars": "off",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
      // Without these import-x/no-cycle skips the TypeScript modules it reaches.
      "import-x/extensions": [".ts", ".tsx"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones() }],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    files: testFiles,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones({ tests: true }) }] },
  },
  {
    files: compositionRoot,
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones({ compositionRoot: true }) }] },
  },
  {
    files: ["src/app/Root.test.tsx"],
    rules: { "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: zones({ tests: true, compositionRoot: true }) }] },
  },
  {
    // The Vite configs and the Node scripts (browser tests, benchmarks, screenshots) run in Node; the browser tests'
    // page.evaluate callbacks run in the page.
    files: ["*.{js,ts}", "**/*.mjs"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
