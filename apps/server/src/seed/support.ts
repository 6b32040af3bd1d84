import { REPORT_PAGE_CONFIG_ID, SUPPORT_WORK_ITEM_DEFINITION_ID } from '@portico/shared';
import type { Queryable } from '../db/index';

/** Demo report reasons by category: listing reasons (need a listing) and member reasons; one hidden from members. */
const REASONS: Array<{ category: string; listOrder: number | null; reasons: Array<[string, boolean, boolean?]> }> = [
  {
    category: 'Listing Data',
    listOrder: 1,
    reasons: [
      ['Incorrect status', true],
      ['Incorrect price or property data', true],
      ['Wrong property type', true],
    ],
  },
  {
    category: 'Photos and Remarks',
    listOrder: 2,
    reasons: [
      ['Branding in photos or remarks', true],
      ['Photos of another property', true],
      ['Contact information in public remarks', true],
    ],
  },
  {
    category: 'Member Conduct',
    listOrder: 3,
    reasons: [
      ['Unlicensed activity', false],
      ['Sharing of login credentials', false],
      ['Unprofessional conduct', false],
    ],
  },
  {
    category: 'Other',
    listOrder: null,
    reasons: [
      ['Other listing issue', true],
      ['Other member issue', false],
      ['Internal audit finding', true, false],
    ],
  },
];

/** Three listings with a photo and remarks for the report's listing lookup (README: try 25100001). */
const LISTINGS = [
  {
    id: '25100001',
    address: '1402 Harbor View Dr',
    city: 'Newport Beach',
    zip: '92660',
    price: 2_450_000,
    status: 'Active',
    photo: '/listings/house-1.svg',
    remarks:
      'Stunning harbor-view home with an open floor plan, chef’s kitchen, three en-suite bedrooms and a private dock. Walk to the village, beaches and dining.',
  },
  {
    id: '25100002',
    address: '88 Orchard Ln',
    city: 'Irvine',
    zip: '92618',
    price: 1_185_000,
    status: 'Pending',
    photo: '/listings/house-2.svg',
    remarks: 'Light-filled single level in a quiet cul-de-sac near top schools and parks.',
  },
  {
    id: '25100003',
    address: '5 Canyon Crest',
    city: 'Laguna Hills',
    zip: '92653',
    price: 989_000,
    status: 'Closed',
    photo: null,
    remarks: null,
  },
];

const DEMO_DEFINITION_ID = 100;
const DEMO_FIELDS: Array<[string, number, string, string, string]> = [
  ['Member', 1, 'ContactName', 'Contact', 'Text'],
  ['Member', 1, 'Phone', 'Phone', 'Phone'],
  ['Member', 1, 'Email', 'E-mail', 'Email'],
  ['Member', 1, 'IsRenewal', 'Renewal', 'Boolean'],
  ['Insight', 2, 'Summary', 'Summary', 'TextArea'],
  ['Insight', 2, 'Notes', 'Staff Notes', 'RichText'],
  ['Insight', 2, 'Listings', 'Active Listings', 'Integer'],
  ['Insight', 2, 'Score', 'Compliance Score', 'Float'],
  ['Insight', 2, 'Fine', 'Fine Amount', 'Currency'],
  ['Schedule', 3, 'DueDate', 'Due Date', 'Date'],
  ['Schedule', 3, 'CallTime', 'Call Time', 'Time'],
  ['Schedule', 3, 'LastContact', 'Last Contact', 'DateTime'],
  ['Schedule', 3, 'Attachment', 'Attachment', 'Attachment'],
  ['Schedule', 3, 'Reference', 'Reference', 'Text'],
];

async function memberId(q: Queryable, loginId: string): Promise<number> {
  return (await q.one<{ id: number }>('SELECT id FROM members WHERE login_id = $1', [loginId]))!.id;
}

async function addCase(
  q: Queryable,
  c: { definitionId: number; title: string; contact: string; status: string; createdOn: string; fields: Record<string, unknown> },
): Promise<void> {
  const contactId = await memberId(q, c.contact);
  await q.query(
    `INSERT INTO work_items (work_item_definition_id, title, status, contact_member_id, office_id, aor_id, fields, created_by_member_id, created_by, created_on, modified_on)
     SELECT $1, $2, $3, m.id, m.office_id, coalesce(o.aor_id, m.aor_id), $4::jsonb, m.id, m.login_id, $5::timestamptz, $5::timestamptz
     FROM members m LEFT JOIN offices o ON o.id = m.office_id WHERE m.id = $6`,
    [c.definitionId, c.title, c.status, JSON.stringify({ ContactName: c.contact, ...c.fields }), c.createdOn, contactId],
  );
}

/** Seed 002's demo data for report a violation, support and cases (decision 0700). */
export async function seedSupport(q: Queryable): Promise<void> {
  for (const group of REASONS) {
    const cat = await q.one<{ id: number }>(
      'INSERT INTO report_reason_categories (display_text, list_order) VALUES ($1, $2) RETURNING id',
      [group.category, group.listOrder],
    );
    for (const [text, requiresListing, visible = true] of group.reasons) {
      await q.query(
        'INSERT INTO report_reasons (reason_text, requires_listing, is_visible_to_members, report_reason_category_id) VALUES ($1, $2, $3, $4)',
        [text, requiresListing, visible, cat!.id],
      );
    }
  }
  await q.query('INSERT INTO page_configs (id, config) VALUES ($1, $2::jsonb)', [
    REPORT_PAGE_CONFIG_ID,
    JSON.stringify({
      disclaimerHtml:
        '<p><strong>Before you report:</strong> reports go to the compliance staff of the association that handles the listing or ' +
        'member. Your identity is kept confidential. Please describe the violation precisely (fields, photos or remarks concerned).</p>',
      confirmationHtml:
        '<p>Thank you for helping keep the MLS accurate. Compliance staff will review your report; you can follow it under <a href="/cases">Member Insights</a>.</p>',
    }),
  ]);

  const oc = await q.one<{ id: number }>("SELECT id FROM associations WHERE short_name = 'OC'");
  const office = await q.one<{ id: number }>("SELECT id FROM offices WHERE office_code = 'OC100'");
  const lister = await memberId(q, 'broker');
  for (const l of LISTINGS) {
    await q.query(
      `INSERT INTO mls_listings (mls_listing_id, aor_id, office_id, list_agent_member_id, standard_status, property_type, property_sub_type, list_price,
         listing_contract_date, on_market_date, pending_date, close_date, unparsed_address, city, state_or_province, postal_code, public_remarks, photo_url)
       VALUES ($1, $2, $3, $4, $5, 'Residential', 'Single Family Residence', $6, current_date - 40, current_date - 38,
         CASE WHEN $5 IN ('Pending', 'Closed') THEN current_date - 10 END, CASE WHEN $5 = 'Closed' THEN current_date - 2 END,
         $7, $8, 'CA', $9, $10, $11)
       ON CONFLICT (mls_listing_id) DO NOTHING`,
      [l.id, oc?.id, office?.id, lister, l.status, l.price, l.address, l.city, l.zip, l.remarks, l.photo],
    );
  }

  await q.query("INSERT INTO work_item_definitions (id, name) VALUES ($1, 'Member Insight')", [DEMO_DEFINITION_ID]);
  for (const [i, [category, order, key, label, type]] of DEMO_FIELDS.entries()) {
    await q.query(
      `INSERT INTO work_item_form_fields (work_item_definition_id, category, category_order, field_key, label, field_type, view_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [DEMO_DEFINITION_ID, category, order, key, label, type, i],
    );
  }
  const insight = (fine: number, renewal: boolean) => ({
    Phone: '(714) 555-0142',
    Email: 'compliance@example-mls.org',
    IsRenewal: renewal,
    Summary: 'Two listings were reported with branding in the photos.\nThe member was asked to replace them within 48 hours.',
    Notes: '<p>Photos replaced on <strong>one</strong> listing; the other is <em>pending</em>.</p>',
    Listings: 12,
    Score: 87.5,
    Fine: fine,
    DueDate: '2025-01-15',
    CallTime: '14:30',
    LastContact: '2024-12-02T17:45:00.000Z',
    Attachment: '/listings/house-1.svg',
    Reference: 'CMP-2024-118',
  });
  const ticket = (body: string, origin = 'webform') => ({ CaseOrigin: origin, Body: body });
  const cases = [
    {
      definitionId: DEMO_DEFINITION_ID,
      title: 'Photo branding follow-up',
      contact: 'agent',
      status: 'Open',
      createdOn: '2024-12-01T16:00:00Z',
      fields: insight(250, true),
    },
    {
      definitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
      title: 'Cannot upload listing photos',
      contact: 'agent',
      status: 'Resolved',
      createdOn: '2024-09-12T15:20:00Z',
      fields: ticket('The photo uploader stops at 50%.'),
    },
    {
      definitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
      title: 'Old case before the cut-off',
      contact: 'agent',
      status: 'Closed',
      createdOn: '2024-06-30T15:20:00Z',
      fields: ticket('Kept to show that the list starts on 7/16/24.'),
    },
    {
      definitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
      title: 'Office roster is out of date',
      contact: 'officeassistant',
      status: 'New',
      createdOn: '2025-02-03T18:00:00Z',
      fields: ticket('Two agents left the office in January.'),
    },
    {
      definitionId: DEMO_DEFINITION_ID,
      title: 'Broker license renewal reminder',
      contact: 'broker',
      status: 'Waiting on Member',
      createdOn: '2025-03-10T17:00:00Z',
      fields: insight(0, true),
    },
    {
      definitionId: SUPPORT_WORK_ITEM_DEFINITION_ID,
      title: 'Association Support CCD Case: Lockbox access',
      contact: 'manager',
      status: 'Open',
      createdOn: '2025-04-22T16:30:00Z',
      fields: ticket('Forwarded from the association mailbox.', 'association-support-email'),
    },
    {
      definitionId: DEMO_DEFINITION_ID,
      title: 'Fine review requested',
      contact: 'aorstaff',
      status: 'New',
      createdOn: '2025-05-05T16:30:00Z',
      fields: insight(500, false),
    },
  ];
  for (const c of cases) await addCase(q, c);
}
