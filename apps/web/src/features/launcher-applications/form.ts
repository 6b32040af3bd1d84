import { useForm } from '@mantine/form';
import { type LauncherApplication, type LauncherApplicationWrite, launcherApplicationWriteSchema } from '@portico/shared';
import { zodFormErrors } from '../../core/forms';

/** One audience row as the form holds it: Select values are strings, '' or null for "any". */
export interface AudienceFormRow {
  aorId: string | null;
  mainOfficeCode: string;
  memberType: string | null;
}

export interface LauncherFormValues {
  name: string;
  nameShort: string;
  url: string;
  iconUrl: string;
  hoverText: string;
  applicationCategory: string;
  isConnected: boolean;
  accessLevel: string;
  audience: AudienceFormRow[];
}

export const EMPTY_AUDIENCE_ROW: AudienceFormRow = { aorId: null, mainOfficeCode: '', memberType: null };

function initialValues(app: LauncherApplication | null): LauncherFormValues {
  return {
    name: app?.name ?? '',
    nameShort: app?.nameShort ?? '',
    url: app?.url ?? 'https://',
    iconUrl: app?.iconUrl ?? '',
    hoverText: app?.hoverText ?? '',
    applicationCategory: app?.applicationCategory ?? 'member',
    isConnected: app?.isConnected ?? false,
    accessLevel: String(app?.accessLevel ?? 0),
    audience: (app?.audience ?? []).map((r) => ({
      aorId: r.aorId === null ? null : String(r.aorId),
      mainOfficeCode: r.mainOfficeCode ?? '',
      memberType: r.memberType === null ? null : String(r.memberType),
    })),
  };
}

export function toPayload(v: LauncherFormValues): LauncherApplicationWrite {
  return {
    name: v.name,
    nameShort: v.nameShort,
    url: v.url,
    iconUrl: v.iconUrl,
    hoverText: v.hoverText,
    applicationCategory: v.applicationCategory as LauncherApplicationWrite['applicationCategory'],
    isConnected: v.isConnected,
    accessLevel: Number(v.accessLevel),
    audience: v.audience.map((r) => ({
      aorId: r.aorId ? Number(r.aorId) : null,
      mainOfficeCode: r.mainOfficeCode,
      memberType: r.memberType ? Number(r.memberType) : null,
    })),
  };
}

/** The form validates with the server's own schema: the same messages on the same fields ('audience.0.aorId'). */
export function useLauncherForm(app: LauncherApplication | null) {
  return useForm<LauncherFormValues>({
    mode: 'controlled',
    initialValues: initialValues(app),
    validate: (values) => zodFormErrors(launcherApplicationWriteSchema, toPayload(values)),
  });
}
