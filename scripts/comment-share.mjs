// Prints the share of comment-only lines among the non-blank lines of source files, overall and per top-level folder.
// Usage: node scripts/comment-share.mjs [dir ...]   (default: app)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const dirs = process.argv.slice(2).length ? process.argv.slice(2) : ["app"];

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (SOURCE.test(name)) yield path;
  }
}

// A comment line holds nothing but a comment: a // line, a one-line block comment (JSX's {/* ... } too), or any line of an open block.
function countLines(text) {
  let code = 0;
  let comments = 0;
  let inBlock = false;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line) continue;
    code += 1;
    if (inBlock) {
      comments += 1;
      if (line.includes("*/")) inBlock = false;
      continue;
    }
    if (line.startsWith("//")) {
      comments += 1;
    } else if (line.startsWith("/*") || line.startsWith("{/*")) {
      const close = line.indexOf("*/");
      if (close === -1) {
        comments += 1;
        inBlock = true;
      } else if (/^\}?$/.test(line.slice(close + 2).trim())) {
        comments += 1;
      }
    }
  }
  return { lines: code, comments };
}

const rows = new Map();
const total = { lines: 0, comments: 0 };
for (const dir of dirs) {
  for (const file of files(dir)) {
    const parts = relative(dir, file).split(sep);
    const group = parts.length > 1 ? join(dir, parts[0]) : `${dir} (top level)`;
    const counts = countLines(readFileSync(file, "utf8"));
    const row = rows.get(group) ?? { lines: 0, comments: 0 };
    row.lines += counts.lines;
    row.comments += counts.comments;
    rows.set(group, row);
    total.lines += counts.lines;
    total.comments += counts.comments;
  }
}

const share = ({ lines, comments }) => (lines ? ((100 * comments) / lines).toFixed(1) : "0.0");
const width = Math.max(5, ...[...rows.keys()].map((name) => name.length));
console.log(`${"folder".padEnd(width)}  ${"lines".padStart(7)}  ${"comments".padStart(8)}  share`);
for (const [name, row] of [...rows].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${name.padEnd(width)}  ${String(row.lines).padStart(7)}  ${String(row.comments).padStart(8)}  ${share(row).padStart(4)} %`);
}
console.log(
  `${"total".padEnd(width)}  ${String(total.lines).padStart(7)}  ${String(total.comments).padStart(8)}  ${share(total).padStart(4)} %`,
);
