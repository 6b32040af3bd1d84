import { z } from 'zod';

export const menuItemSchema = z.object({
  id: z.number(),
  menuType: z.enum(['nav', 'quicklink']),
  menu: z.enum(['main', 'user']),
  path: z.string(),
  title: z.string(),
  target: z.enum(['_self', '_blank']),
  viewOrder: z.number(),
  color: z.string().nullable(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const accessControlRuleSchema = z.object({
  id: z.number(),
  type: z.enum(['menu', 'both']),
  name: z.string(),
  key: z.string(),
  value: z.string(),
  action: z.enum(['allow', 'deny']),
  operator: z.enum(['equals', 'notEquals', 'in']),
});
export type AccessControlRule = z.infer<typeof accessControlRuleSchema>;
