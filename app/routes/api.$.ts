import { notFound as notFoundError } from "~/server/api/responses.server";
import { apiRoute, type ApiHandler } from "~/server/api/route.server";

const notFound: ApiHandler = async () => {
  throw notFoundError();
};

const route = apiRoute({ GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound });

export const loader = route.loader;
export const action = route.action;
