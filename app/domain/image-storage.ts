import type { FieldResult } from "./result";

export type ImageStorage = {
  store(file: File): Promise<FieldResult<string>>;
  remove(url: string | null | undefined): Promise<void>;
};
