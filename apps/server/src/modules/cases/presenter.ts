import {
  type CaseItem,
  type CaseStatus,
  displayValueOf,
  type FormCategoryView,
  type FormFieldType,
  type FormFieldView,
} from '@portico/shared';
import { cleanHtml } from '../../lib/html-sanitizer';
import type { CaseRow, FormFieldRow } from './repository';

export function presentCase(r: CaseRow): CaseItem {
  return {
    id: r.id,
    itemShortCode: r.item_short_code,
    title: r.title,
    status: r.status as CaseStatus,
    workItemDefinitionId: r.work_item_definition_id,
    workItemDefinitionName: r.definition_name,
    createdOn: r.created_on.toISOString(),
    createdBy: r.created_by,
    expandedFields: {
      ContactName: {
        expandedValue: r.contact_login_id
          ? { loginId: r.contact_login_id, firstName: r.contact_first_name ?? '', lastName: r.contact_last_name ?? '' }
          : null,
      },
    },
  };
}

function storedValue(raw: unknown): FormFieldView['value'] {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean') return raw;
  return JSON.stringify(raw);
}

/** An attachment field's several files (`[{ name, url }]`, a report's evidence); null for one stored link. */
function filesOf(raw: unknown): Array<{ name: string; url: string }> | null {
  if (!Array.isArray(raw)) return null;
  return raw
    .filter((f): f is { name: string; url: string } => typeof f?.name === 'string' && typeof f?.url === 'string')
    .map((f) => ({ name: f.name, url: f.url }));
}

/** The case's form: every field of its definition by category, with its value and the value as shown. */
export function presentCategories(row: CaseRow, fields: FormFieldRow[]): FormCategoryView[] {
  const categories: FormCategoryView[] = [];
  for (const f of fields) {
    let category = categories.find((c) => c.name === f.category);
    if (!category) {
      category = { name: f.category, fields: [] };
      categories.push(category);
    }
    const fieldType = f.field_type as FormFieldType;
    const contact = row.contact_login_id ? `${row.contact_first_name} ${row.contact_last_name} (${row.contact_login_id})` : null;
    const raw = row.fields[f.field_key];
    const files = fieldType === 'Attachment' ? filesOf(raw) : null;
    if (files) {
      const displayValue = files.map((file) => file.name).join(', ');
      category.fields.push({ key: f.field_key, label: f.label, fieldType, value: displayValue || null, displayValue, files });
      continue;
    }
    const stored = f.field_key === 'ContactName' && contact ? contact : storedValue(raw);
    // Rich text is rendered as HTML: whatever wrote it, only the sanitiser's output leaves the server.
    const value = fieldType === 'RichText' && typeof stored === 'string' ? cleanHtml(stored) : stored;
    category.fields.push({ key: f.field_key, label: f.label, fieldType, value, displayValue: displayValueOf(fieldType, value) });
  }
  return categories;
}
