import type { BrandHead } from "~/lib/fonts";
import { useNonce } from "~/lib/nonce";

// After <SiteStyles>: its :root rules override the theme's defaults (app/tailwind.css), which are in a cascade layer.
// The text comes from loader data, so hydration renders the same string and React leaves the element alone.
export function BrandStyles({ brand }: { brand: BrandHead }) {
  const nonce = useNonce();
  return (
    <>
      {brand.fontUrl ? <link rel="preload" href={brand.fontUrl} as="font" type="font/woff2" crossOrigin="anonymous" /> : null}
      <style id="brand-css" nonce={nonce} dangerouslySetInnerHTML={{ __html: brand.css }} />
    </>
  );
}
