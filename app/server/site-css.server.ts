// The compiled Tailwind stylesheet as text, for SiteStyles to inline into each document.
import css from "~/tailwind.css?inline";

export const siteCss: string = css;
