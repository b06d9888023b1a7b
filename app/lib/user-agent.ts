// A short, readable name for a User-Agent header (docs/behaviour.md#my-sessions): the few browsers and systems most
// admins use, by hand; anything else by its first product token ("curl 8", "PostmanRuntime 7").

const BROWSERS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["Edge", /\b(?:Edg|EdgA|EdgiOS)\/(\d+)/],
  ["Opera", /\b(?:OPR|OPT)\/(\d+)/],
  ["Samsung Internet", /\bSamsungBrowser\/(\d+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/(\d+)/],
  ["Headless Chrome", /\bHeadlessChrome\/(\d+)/],
  ["Chrome", /\b(?:CriOS|Chrome|Chromium)\/(\d+)/],
  ["Safari", /\bVersion\/(\d+)(?:[.\d]*)? (?:Mobile\/\S+ )?Safari\//],
];

const SYSTEMS: readonly (readonly [name: string, pattern: RegExp])[] = [
  ["iPhone", /\biPhone\b/],
  ["iPad", /\biPad\b/],
  ["Android", /\bAndroid\b/],
  ["Windows", /\bWindows\b/],
  ["ChromeOS", /\bCrOS\b/],
  ["macOS", /\bMac OS X\b|\bMacintosh\b/],
  ["Linux", /\bLinux\b/],
];

export function browserName(userAgent: string | null | undefined): string {
  const agent = (userAgent ?? "").trim();
  if (!agent) return "Unknown browser";
  const system = SYSTEMS.find(([, pattern]) => pattern.test(agent))?.[0];
  for (const [name, pattern] of BROWSERS) {
    const version = pattern.exec(agent)?.[1];
    if (version) return system ? `${name} ${version} on ${system}` : `${name} ${version}`;
  }
  const product = /^([A-Za-z][\w.-]{0,39})(?:\/v?(\d+))?/.exec(agent);
  if (!product || product[1] === "Mozilla") return system ? `A browser on ${system}` : "Unknown browser";
  return product[2] ? `${product[1]} ${product[2]}` : product[1]!;
}
