export const MARKDOWN_MAX_DEPTH = 16;
