export type Page<T> = {
  items: T[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

// A page past the end is the last one; anything but a whole number from 1 is the first.
export async function paginate<T>({
  page = 1,
  perPage,
  count,
  fetch,
}: {
  page?: number;
  perPage: number;
  count: () => Promise<number>;
  fetch: (window: { skip: number; limit: number }) => Promise<T[]>;
}): Promise<Page<T>> {
  const size = Math.max(1, Math.floor(perPage) || 1);
  const total = await count();
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const items = await fetch({ skip: (current - 1) * size, limit: size });
  return { items, total, page: current, perPage: size, pageCount };
}
