/** The texts of the settings, application settings and profile screens (seed 000 sections 2, 6 and 8), named once. */
export const SETTINGS_MESSAGES = {
  memberSettingsTab: 'Member Settings',
  officeSettingsTab: 'Office Settings',
  /** From level 4: the association's own values (docs/decisions/0305-association-settings.md). */
  associationSettingsTab: 'Association Settings',
  associationSettingsNote:
    'Every office and member of the association inherits these values unless they set their own; 99 locks a setting for all of them.',
  memberOfficeTitle: 'Member/Office Settings',
  leaveUnsaved: 'Are you sure you want to leave without saving?',
  onBehalfOf: 'On behalf of:',
  lockedSetting: 'Setting selected by your broker, association or MLS.',
  settingsSaved: 'Settings saved!',
  save: 'Save',
  noResults: 'No Results',
  loadingResults: 'Loading results...',
  chooseOffice: 'Please choose an office',
  /** Level 5 picks whose association values the tab shows (decision 0305, "The page"). */
  associationPicker: 'Association',
  chooseAssociation: 'Please choose an association',
  updatedTitle: 'Updated',
  updatedMessage: 'Setting updated!',
  managedByBroker: 'This setting is managed by your broker',
  noApplications: 'You do not have the proper credentials or have no applications available. Please contact your broker.',
  noAccess: 'You do not have access to this area.',
  subOfficeNote:
    'Only the main office setting applies: settings of sub-offices (branches) have no effect, so only main offices can be chosen.',
  onlyMainOffice: 'Only a main office can be set; a sub-office setting would have no effect.',
  profileTitle: 'My Profile',
} as const;

/** The connected applications an office can switch on or off (seed 000 section 2). */
export const CONNECTED_APPLICATIONS = ['FLEXMLS', 'GLIDE', 'LIONDESK', 'TOPPRODUCER', 'CLOUDCMA', 'SHOWINGTIME', 'BOXMLS'] as const;
export type ConnectedApplication = (typeof CONNECTED_APPLICATIONS)[number];

/**
 * office_applications.access_control: 1 the office allows the application, 0 the office opted out. No row means
 * allowed. Only the row of the member's main office counts (seed 000: sub-office settings have no effect).
 */
export const OFFICE_APP_ALLOWED = 1;
export const OFFICE_APP_OPTED_OUT = 0;

/** Member types that see the application settings page without an admin flag (seed 000 section 6). */
export const APPLICATION_SETTINGS_MEMBER_TYPES = [1, 2, 3, 4, 5] as const;
