import type { CaseStudyRefusal } from "~/domain/case-studies.server";
import { messages } from "~/domain/messages";
import { publishingMessage } from "~/domain/schemas";
import { uploadRefusalMessage, uploadRefusalStatus } from "~/server/uploads.server";
import { industryRefusal } from "./__industry-answers.server";

/**
 * Where a refused case study save says why, and with which status: the dashboard's editor and the API both use it.
 * A refused upload is named by its own field (`image`, `seo_image`, `gallery.2.image`).
 */
export function caseStudyRefusal(reason: CaseStudyRefusal, uploadField = "image"): { status: number; field: string; message: string } {
  switch (reason) {
    case "publish-time-on-published":
      return { status: 422, field: "publish_at", message: messages.publishAtNeedsDraft };
    case "unpublish-before-publish":
      return { status: 422, field: "unpublish_at", message: messages.unpublishBeforePublish };
    case "incomplete":
      return { status: 422, field: uploadField, message: publishingMessage(uploadField) };
    case "slug-taken":
      return { status: 422, field: "slug", message: messages.caseStudySlugTaken };
    case "name-required":
    case "name-too-long":
    case "name-invalid":
    case "too-many":
      return { status: 422, field: "industry", message: industryRefusal(reason)[0] };
    default:
      return { status: uploadRefusalStatus[reason], field: uploadField, message: uploadRefusalMessage(reason) };
  }
}
