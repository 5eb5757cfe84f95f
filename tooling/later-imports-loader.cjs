/**
 * webpack loader: sends the imports of a split shared package's later exports to its later share
 * key (see tooling/shared-facades.cjs). `import { AppShell, Button } from "@mantine/core"` becomes
 * `import { Button } from "@mantine/core"; import { AppShell } from "@mantine/core/later";`, on the
 * same line so that source maps keep their lines. It runs after swc, on plain JavaScript.
 *
 * Options: { pkg: '@mantine/core', key: '@mantine/core/later', names: ['AppShell', ...] }.
 */
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** The imported name of a specifier: `A as B` → A. */
const importedName = (specifier) => specifier.split(/\s+as\s+/)[0].trim();

module.exports = function laterImportsLoader(source, map) {
  // A child compiler (html-webpack-plugin's, for the page template) has no federation sharing to
  // resolve the later key; what it compiles of a shared package is never part of the output.
  if (this._compiler?.isChild()) {
    this.callback(null, source, map);
    return;
  }
  const { pkg, key, names } = this.getOptions();
  const later = new Set(names);
  const from = `['"]${escape(pkg)}['"]`;
  const anyStatement = new RegExp(`\\b(?:import|export)\\b[^;'"]*?\\bfrom\\s*${from}`, 'g');
  const namedStatement = new RegExp(`\\b(import|export)\\s*\\{([^}]*)\\}\\s*from\\s*${from}\\s*;?`, 'g');

  let rewritten = 0;
  const code = source.replace(namedStatement, (statement, keyword, clause) => {
    const specifiers = clause.split(',').map((part) => part.trim()).filter(Boolean);
    const laterOnes = specifiers.filter((specifier) => later.has(importedName(specifier)));
    rewritten += 1;
    if (laterOnes.length === 0) return statement;
    const firstOnes = specifiers.filter((specifier) => !later.has(importedName(specifier)));
    const laterStatement = `${keyword} { ${laterOnes.join(', ')} } from ${JSON.stringify(key)};`;
    return firstOnes.length === 0 ? laterStatement : `${keyword} { ${firstOnes.join(', ')} } from ${JSON.stringify(pkg)}; ${laterStatement}`;
  });

  // A namespace or default import cannot be split: the facades would have refused it already
  // (such an app gets the package whole), so this only guards against a form the regexes miss.
  const all = source.match(anyStatement)?.length ?? 0;
  if (all !== rewritten) {
    this.emitError(new Error(`${this.resourcePath}: an import of ${pkg} that is not \`import { ... }\`; the later exports of a split package need named imports`));
  }
  this.callback(null, code, map);
};
