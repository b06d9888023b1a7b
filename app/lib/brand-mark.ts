/** The name's first letter or digit, as the brand's mark shows it (the header, the favicon, the social image). */
export const initialOf = (name: string) => ([...name].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? "•").toLocaleUpperCase("en");
