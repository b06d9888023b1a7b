import type { FormMetadata } from "@conform-to/react";
import { buttonClass } from "../ui";

/**
 * Move up, Move down and Remove for one entry of a conform list: intents the browser runs in place, and the server
 * answers with the changed form when JavaScript is off (nothing is stored).
 */
export function ListEntryButtons({
  form,
  name,
  index,
  count,
  title,
  min = 0,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  name: string;
  index: number;
  count: number;
  title: string;
  min?: number;
}) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button
        {...form.reorder.getButtonProps({ name, from: index, to: index - 1 })}
        disabled={index === 0}
        aria-label={`Move ${title} up`}
        className={buttonClass.compact.secondary}
      >
        Move up
      </button>
      <button
        {...form.reorder.getButtonProps({ name, from: index, to: index + 1 })}
        disabled={index === count - 1}
        aria-label={`Move ${title} down`}
        className={buttonClass.compact.secondary}
      >
        Move down
      </button>
      <button
        {...form.remove.getButtonProps({ name, index })}
        disabled={count <= min}
        aria-label={`Remove ${title}`}
        className={buttonClass.compact.danger}
      >
        Remove
      </button>
    </div>
  );
}
