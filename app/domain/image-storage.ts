import type { FieldResult } from "./result";

/** The image port being replaced by ports.ts's ImageStorage. */
export type ImageStorage = {
  store(file: File): Promise<FieldResult<string>>;
  remove(url: string | null | undefined): Promise<void>;
};
