import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyPluginOptions,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import * as z from 'zod/v4/core';
import { validateRequestPart, type RequestPart } from './request-validation';

/**
 * Route schemas are the contracts' zod schemas (classic or mini): requests are typed with what a
 * schema gives out (`z.output`, trimmed and defaulted), answers with what it takes in (`z.input`).
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends z.$ZodType ? z.output<this['schema']> : unknown;
  readonly serializer: this['schema'] extends z.$ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose routes take zod schemas. */
export type ZodPluginAsync<Options extends FastifyPluginOptions> = FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/** The instance a route plugin or a staff scope declares its routes on. */
export type ZodFastifyInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

function zodSchemaOf(schema: unknown, where: string): z.$ZodType {
  if (schema instanceof z.$ZodType) return schema;
  throw new Error(`${where}: route schemas are zod schemas`);
}

/**
 * A bad request part is a 400 naming its first bad field (see request-validation), a malformed
 * `idParam` in the path the entity's 404; a good one is
 * replaced by the schema's output, so handlers read trimmed, typed values.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, method, url, httpPart }) => {
  const zodSchema = zodSchemaOf(schema, `${method} ${url} ${httpPart ?? ''}`);
  return (data) => {
    const checked = validateRequestPart(zodSchema, data, httpPart as RequestPart);
    return checked.ok ? { value: checked.value } : { error: checked.error };
  };
};

/**
 * An answer is parsed by its contract schema before it is written: fields the contract does not
 * declare are stripped (nothing internal leaks), and an answer that breaks the contract is a 500
 * (logged by the error handler), never a body the clients would misread.
 */
const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema, method, url, httpStatus }) => {
  const zodSchema = zodSchemaOf(schema, `${method} ${url} ${httpStatus}`);
  // A frozen answer cannot change: one sent again (a page kept in CompanyCache) is checked and
  // written once, its text reused for as long as the value lives.
  const written = new WeakMap<object, string>();
  return (data) => {
    const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data);
    const known = frozen ? written.get(data) : undefined;
    if (known !== undefined) return known;
    const result = z.safeParse(zodSchema, data);
    if (!result.success) throw new Error(`${method} ${url} answered outside its contract (${httpStatus}): ${z.prettifyError(result.error)}`);
    const text = JSON.stringify(result.data);
    if (frozen) written.set(data, text);
    return text;
  };
};

/** Once, on the root instance, before any route plugin. */
export function installZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
