import { fromMarkdown } from "mdast-util-from-markdown";
import { micromark } from "micromark";
function depth(n){ let d=0; if (n.children) for (const c of n.children) d=Math.max(d, depth(c)); return d+1; }
const pats = {
  emph: n => "*a ".repeat(n) + "x" + " a*".repeat(n),
  emphFlat: n => "*a* ".repeat(n),
  openers: n => "*a ".repeat(n*2),
  underscore: n => "_a ".repeat(n) + "x" + " a_".repeat(n),
  strong: n => "**a ".repeat(n) + "x" + " a**".repeat(n),
  links: n => "[a ".repeat(n) + "x" + "](/a)".repeat(n),
  quote: n => "> ".repeat(n) + "x",
  list: n => "- ".repeat(n) + "x",
  indentList: n => Array.from({length:n}, (_, i) => " ".repeat(2*i) + "- x").join("\n"),
  quoteLines: n => Array.from({length:n}, (_, i) => ">".repeat(i+1) + " x").join("\n"),
};
for (const [k,f] of Object.entries(pats)) for (const n of [500, 1000, 2000]) {
  const src = f(n);
  try { const t0=performance.now(); const r = fromMarkdown(src); const t1=performance.now(); console.log(k, n, src.length, "depth", depth(r), (t1-t0).toFixed(0), "ms"); } catch(e){ console.log(k, n, "ERR", e.message); }
}
