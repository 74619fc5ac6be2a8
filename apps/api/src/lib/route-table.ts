import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';

/** The signed-in member (routes with access 'signed-in' or 'owner'). */
export const memberOf = (req: FastifyRequest) => ({ id: req.auth!.user.id });
/** Whoever asks: the signed-in member, or null for anonymous visitors. */
export const viewerOf = (req: FastifyRequest) => (req.auth ? { id: req.auth.user.id } : null);

type Access = NonNullable<FastifyContextConfig['access']>;
type Member = { id: number };
/** The validated value of an optional schema (`undefined` when the route declares none). */
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a declared route's `run` gets: the validated input and who asks. */
export interface RouteInput<P, Q, B> {
  params: Out<P>;
  query: Out<Q>;
  body: Out<B>;
  /** The signed-in member: read it on signed-in, owner and moderator routes only. */
  readonly member: Member;
  /** Whoever asks: the signed-in member, or null for a visitor. */
  readonly viewer: Member | null;
  req: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The hooks a route may add around its handler (recent sign-in, write budgets,
 * Idempotency-Key).
 */
type RouteHooks = Pick<
  RouteOptions,
  'preValidation' | 'preHandler' | 'preSerialization' | 'onResponse'
>;

/** A route's own settings; those its group sets (`routeTable`) are defaults it may override. */
interface RouteSettings {
  access?: Access;
  tags?: string[];
  /** The error answers it documents (`errorResponses(…)`). */
  errors?: Record<number, z.ZodType>;
  /** OpenAPI security requirements (routes that take API tokens document `bearerAuth`). */
  security?: readonly Readonly<Record<string, readonly string[]>>[];
  /** Route config beside `access`: API-token rule, response cache, rate limit. */
  config?: Omit<FastifyContextConfig, 'access'>;
  hooks?: RouteHooks;
  /** The largest request body it reads, in bytes (Fastify's `bodyLimit`; the server's unless set). */
  bodyLimit?: number;
}

/**
 * One route: its documentation, its input schemas, the answer and what computes it. `status`
 * 201 answers a creation; 204 answers no body (`response` is then `z.null()`).
 */
export type RouteDeclaration<
  P,
  Q,
  B,
  R extends z.ZodType,
  S extends 200 | 201 | 204,
> = RouteSettings & {
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  status?: S;
  run: (input: RouteInput<P, Q, B>) => Promise<S extends 204 ? unknown : z.output<R>>;
} & (S extends 204 ? { response?: undefined } : { response: R });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Declares one route (an entry of a `routeTable`; see there). */
type Declare = <
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodNull,
  S extends 200 | 201 | 204 = 200,
>(
  url: string,
  d: RouteDeclaration<P, Q, B, R, S>,
) => void;

/**
 * Registers each declared route of `method` as a hand-written one would be: `config.access`
 * and the schema (tags, security, summary, params, querystring, body, the answer, the errors).
 */
function declarer(app: FastifyInstance, method: Method, group: RouteSettings): Declare {
  return (url, d) => {
    const o = { ...group, ...d, config: { ...group.config, ...d.config } };
    const status: number = d.status ?? 200;
    const schema: FastifySchema = {
      tags: o.tags,
      ...(o.security ? { security: o.security } : {}),
      summary: d.summary,
      ...(d.params ? { params: d.params } : {}),
      ...(d.query ? { querystring: d.query } : {}),
      ...(d.body ? { body: d.body } : {}),
      response: { [status]: d.response ?? z.null(), ...o.errors },
    };
    app.route({
      method,
      url,
      config: { access: o.access, ...o.config },
      ...o.hooks,
      ...(o.bodyLimit === undefined ? {} : { bodyLimit: o.bodyLimit }),
      schema,
      handler: async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
        const answer = await d.run({
          params: req.params as never,
          query: req.query as never,
          body: req.body as never,
          get member() {
            return memberOf(req);
          },
          get viewer() {
            return viewerOf(req);
          },
          req,
          reply,
        });
        if (status === 200) return answer;
        return reply.status(status).send(status === 204 ? null : answer);
      },
    });
  };
}

/**
 * A feature's routes as a list of declarations: `api.get(url, { summary, params, response,
 * run })`. The group's settings (tags, errors, access, security, config) are each route's
 * defaults; a route's own win (its `config` is merged over the group's).
 */
export function routeTable(app: FastifyInstance, group: RouteSettings) {
  const on = (method: Method) => declarer(app, method, group);
  return {
    get: on('GET'),
    post: on('POST'),
    put: on('PUT'),
    patch: on('PATCH'),
    delete: on('DELETE'),
  };
}
