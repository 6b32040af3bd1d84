import { z } from 'zod';

export interface MenuItem {
  id: number;
  menuType: 'nav' | 'quicklink';
  menu: 'main' | 'user';
  path: string;
  title: string;
  target: '_self' | '_blank';
  viewOrder: number;
  color: string | null;
}

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
