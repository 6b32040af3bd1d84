import { z } from 'zod';
import { THEMES } from '../constants';
import { text } from './input';

/**
 * The profile bag holds a member's preferences under dotted keys (seed 000 section 3). Keys are checked
 * against these patterns; values of the known keys are checked by shape.
 */
const idList = z.array(z.union([z.number().int(), text(64)])).max(20_000);

const KEY_RULES: Array<[RegExp, z.ZodType]> = [
  [/^theme\.selectedTheme$/, z.enum([...THEMES, 'solar'])],
  [/^(applications\.favorites|articles\.(read|favorites)|(notifications|systemNotifications)\.(read|archived))$/, idList],
  [/^dashboardSettings\.[A-Za-z0-9_-]{1,40}\.(show|collapsed|locked)$/, z.boolean()],
  [/^dashboardSettings\.[A-Za-z0-9_-]{1,40}\.order$/, z.number().int().min(0).max(1000)],
  [/^dashboardSettings\.kpis\.[A-Za-z0-9_-]{1,40}\.(show|order)$/, z.union([z.boolean(), z.number().int()])],
  [/^dashboardSettings\.(kpis|applications)\.view$/, z.enum(['icon', 'card', 'list', 'chart'])],
  [
    /^(memberSettings|officeSettings|productSettings|registeredListings|training|profile|dashboardSettings)(\.[A-Za-z0-9_-]{1,40}){0,3}$/,
    z.union([text(2000), z.number(), z.boolean(), z.null(), z.array(z.unknown()).max(1000), z.record(z.string(), z.unknown())]),
  ],
];

export function profileBagKeyRule(key: string): z.ZodType | null {
  return KEY_RULES.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

export const profileBagSchema = z.record(text(120), z.unknown()).superRefine((bag, ctx) => {
  for (const [key, value] of Object.entries(bag)) {
    const rule = profileBagKeyRule(key);
    if (!rule) {
      ctx.addIssue({ code: 'custom', path: [key], message: `Unknown preference key '${key}'` });
      continue;
    }
    if (value === null) continue;
    const parsed = rule.safeParse(value);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: [key], message: `Invalid value for '${key}'` });
  }
});
export type ProfileBag = Record<string, unknown>;

/** `PUT api/app/Profiles/{id}`: the keys given replace those stored; a null value removes a key. */
export const profileUpdateSchema = z.object({ profileBag: profileBagSchema });

const idsSchema = z.array(z.union([z.number(), z.string()]));
export const profileSchema = z.object({
  id: z.number(),
  favApps: idsSchema,
  articlesRead: idsSchema,
  favArticles: idsSchema,
  userNotifications: idsSchema,
  userNotificationsArchived: idsSchema,
  systemNotificationsAcknowledged: idsSchema,
  systemNotificationsArchived: idsSchema,
  profileBag: z.record(z.string(), z.unknown()),
});
export type Profile = z.infer<typeof profileSchema>;

export function profileFromBag(id: number, bag: ProfileBag): Profile {
  const list = (key: string) => (Array.isArray(bag[key]) ? (bag[key] as Array<number | string>) : []);
  return {
    id,
    favApps: list('applications.favorites'),
    articlesRead: list('articles.read'),
    favArticles: list('articles.favorites'),
    userNotifications: list('notifications.read'),
    userNotificationsArchived: list('notifications.archived'),
    systemNotificationsAcknowledged: list('systemNotifications.read'),
    systemNotificationsArchived: list('systemNotifications.archived'),
    profileBag: bag,
  };
}
