/**
 * The 13 associations whose codes the seeds name, with the cities their offices sit in. Louisiana's two keep their own
 * time zone; the others read the MLS's (MLS_TIME_ZONE, decision 0969).
 */
export const DEMO_ASSOCIATIONS = [
  { code: 'AR', name: 'Arcadia Association of Realtors', cities: ['Arcadia', 'Monrovia', 'Sierra Madre'], system: 'CRM' },
  {
    code: 'CV',
    name: 'Conejo Valley Association of Realtors',
    cities: ['Thousand Oaks', 'Westlake Village', 'Newbury Park'],
    system: 'CRM',
  },
  { code: 'DW', name: 'Downey Association of Realtors', cities: ['Downey', 'Norwalk', 'Bellflower'], system: 'CRP' },
  { code: 'GSM', name: 'Greater San Marino Association of Realtors', cities: ['San Marino', 'San Gabriel', 'Alhambra'], system: 'CN' },
  {
    code: 'JT',
    name: 'Joshua Tree Gateway Association of Realtors',
    cities: ['Joshua Tree', 'Yucca Valley', 'Twentynine Palms'],
    system: 'HD',
  },
  { code: 'LG', name: 'Laguna Board of Realtors', cities: ['Laguna Beach', 'Laguna Niguel', 'Dana Point'], system: 'CRM' },
  { code: 'MD', name: 'Madera Association of Realtors', cities: ['Madera', 'Chowchilla', 'Oakhurst'], system: 'GD' },
  { code: 'MP', name: 'Montebello Park Association of Realtors', cities: ['Montebello', 'Pico Rivera', 'Whittier'], system: 'CRF' },
  { code: 'NP', name: 'Newport Peninsula Association of Realtors', cities: ['Newport Beach', 'Costa Mesa', 'Irvine'], system: 'CRM' },
  {
    code: 'ND',
    name: 'North Delta Association of Realtors',
    cities: ['Shreveport', 'Bossier City', 'Monroe'],
    system: 'NAB',
    timeZone: 'America/Chicago',
  },
  {
    code: 'OC',
    name: 'Orange Coast Association of Realtors',
    cities: ['Huntington Beach', 'Fountain Valley', 'Westminster'],
    system: 'CRM',
  },
  { code: 'PT', name: 'Palm Tree Association of Realtors', cities: ['Palm Springs', 'Cathedral City', 'Palm Desert'], system: 'CRP' },
  {
    code: 'SB',
    name: 'Southwest Bayou Association of Realtors',
    cities: ['Lake Charles', 'Lafayette', 'Sulphur'],
    system: 'SWLAR',
    timeZone: 'America/Chicago',
  },
] as const;
