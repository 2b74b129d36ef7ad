/** JSON Schema pieces every route declares for its query and path (ARCHITECTURE.md "Wire contract"). */
export const orgIdSchema = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$' } as const;

export const orgIdQuery = {
  type: 'object',
  required: ['orgId'],
  properties: { orgId: orgIdSchema },
} as const;

export const orgIdParams = {
  type: 'object',
  required: ['orgId'],
  properties: { orgId: orgIdSchema },
} as const;
