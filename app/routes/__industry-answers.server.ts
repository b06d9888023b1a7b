import { INDUSTRY_NAME_MAX_LENGTH, MAX_INDUSTRIES } from "~/domain/constants";
import type { IndustryInUse, IndustryNameRefusal } from "~/domain/industries.server";
import { messages } from "~/domain/messages";

type IndustryReason = IndustryNameRefusal | "too-many" | "not-found" | "at-the-end" | "in-use";

/** A refusal of the industries' domain as the message and status the screen and the API answer with. */
export function industryRefusal(reason: IndustryReason, inUse = 0): [message: string, status: number] {
  switch (reason) {
    case "name-required":
      return [messages.industryNameRequired, 422];
    case "name-too-long":
      return [messages.industryNameTooLong(INDUSTRY_NAME_MAX_LENGTH), 422];
    case "name-invalid":
      return [messages.industryNameInvalid, 422];
    case "name-taken":
      return [messages.industryNameTaken, 409];
    case "too-many":
      return [messages.industryTooMany(MAX_INDUSTRIES), 409];
    case "not-found":
      return [messages.industryNotFound, 404];
    case "at-the-end":
      return [messages.industryAtTheEnd, 409];
    case "in-use":
      return [messages.industryInUse(inUse), 409];
  }
}

/** An industry as the API gives it (docs/api.md#industries). */
export function industryAnswer({ id, name, slug, position, caseStudies }: IndustryInUse) {
  return { id, name, slug, position, case_studies: caseStudies };
}
