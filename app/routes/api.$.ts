import { notFound as notFoundError } from "~/server/api/responses.server";
import { apiRoute, type ApiHandler } from "~/server/api/route.server";

/** Any other /api path: 404 in JSON, whatever the method (OPTIONS still answers CORS preflights). */
const notFound: ApiHandler = async () => {
  throw notFoundError();
};

const route = apiRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });

export const loader = route.loader;
export const action = route.action;
