/** The name's first letter or digit, as the brand's mark shows it (the header, the favicon, the social image). */
export const initialOf = (name: string) => ([...name].find((c) => /[\p{L}\p{N}]/u.test(c)) ?? "•").toLocaleUpperCase("en");

/** The mark's square and initial, in a 32-unit box: the favicon and the mark beside the studio's name are one drawing. */
export const MARK_DRAWING = { box: 32, radius: 8, initial: { x: 16, y: 22.5, size: 19, weight: 700 } } as const;
