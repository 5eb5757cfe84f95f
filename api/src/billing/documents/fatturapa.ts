import type { BillingData } from '@incontra/contracts/api/billing-data';
import { SDI_CODE_FOR_PEC } from '@incontra/contracts/italian-tax';
import type { BillingSeller } from './seller';
import { escapeXml, latinText } from './xml-text';

/*
 * The Italian e-invoice between companies (FatturaPA 1.2.2, format FPR12), written from the
 * official schema (standards/fatturapa/FatturaPA_v1.2.2.xsd): every element in the order of its
 * xs:sequence, the root in the schema's namespace and its children unqualified (the schema sets
 * no elementFormDefault). A pure function: the caller gives the progressive and stores the file.
 * One document (TD01, EUR) paid in full by card (TP02, MP08); every line is taxed (no Natura):
 * the product always charges VAT.
 */

const NAMESPACE = 'http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2';
const SIGNATURE_NAMESPACE = 'http://www.w3.org/2000/09/xmldsig#';

/** The most lines one document takes (the product writes one). */
export const MAX_LINES = 100;
/** 36^5 − 1: the last progressive of five base-36 characters. */
export const MAX_PROGRESSIVE = 36 ** 5 - 1;
/** The most a line may total, in cents (10 million euros): MAX_LINES of them stay within the schema's 11 digits. */
const MAX_CENTS = 10 ** 9;
const MAX_QUANTITY = 10 ** 6;

export interface FatturaLine {
  /** What is sold, cut to the schema's 1000 Latin-1 characters. */
  description: string;
  /** Whole units, 1 or more. */
  quantity: number;
  /** Net price of one unit, in cents. */
  unitPrice: number;
  /** VAT in percent, above 0 and at most 100, two decimals at most. */
  vatRate: number;
  /** The period the line pays for (YYYY-MM-DD), both or neither. */
  period?: { start: string; end: string };
}

export interface FatturaInput {
  /** Who sends the file to the SdI: IdPaese IT and the seller's codice fiscale or partita IVA. */
  transmitter: { idPaese: 'IT'; idCodice: string };
  /** ProgressivoInvio, 1 to 5 letters or digits, unique per transmitter (see progressiveOf). */
  progressive: string;
  seller: BillingSeller;
  buyer: BillingData;
  document: { number: string; /** YYYY-MM-DD */ date: string; lines: readonly FatturaLine[] };
}

/** The n-th progressive (n ≥ 1) as upper-case base 36: 1 → '1', 36 → '10', 36^5 − 1 → 'ZZZZZ'. */
export function progressiveOf(n: number): string {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_PROGRESSIVE) {
    throw new RangeError(`A FatturaPA progressive must be 1 to ${MAX_PROGRESSIVE}, not ${n}`);
  }
  return n.toString(36).toUpperCase();
}

/** The SdI's file name of a transmitter's file: IT<IdCodice>_<progressive>.xml. */
export const eInvoiceFileName = (idCodice: string, progressive: string) => `IT${idCodice}_${progressive}.xml`;

/** Cents as the schema's amounts: 12345 → '123.45'. */
export function amountOf(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** A rate in percent as the schema's RateType: 22 → '22.00'. */
const rateOf = (percent: number) => (Math.round(percent * 100) / 100).toFixed(2);

/** The VAT of `net` cents at `percent`, rounded to the cent (half up), in integer arithmetic. */
export function vatOf(net: number, percent: number): number {
  return Math.round((net * Math.round(percent * 100)) / 10000);
}

type Node = readonly [name: string, content: string | readonly (Node | null)[]];

function render(node: Node, depth: number): string {
  const indent = '  '.repeat(depth);
  const [name, content] = node;
  if (typeof content === 'string') return `${indent}<${name}>${escapeXml(content)}</${name}>`;
  const children = content.filter((child): child is Node => child !== null).map((child) => render(child, depth + 1));
  return `${indent}<${name}>\n${children.join('\n')}\n${indent}</${name}>`;
}

function check(condition: boolean, what: string): asserts condition {
  if (!condition) throw new RangeError(`FatturaPA: ${what}`);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30), from 1970 (the schema's floor). */
function isDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < '1970-01-01') return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

function checkInput({ transmitter, progressive, seller, buyer, document }: FatturaInput): void {
  check(/^[A-Z0-9]{11,16}$/.test(transmitter.idCodice), 'the transmitter code is no codice fiscale or partita IVA');
  check(/^[A-Za-z0-9]{1,5}$/.test(progressive), 'the progressive must be 1 to 5 letters or digits');
  check(/^\d{11}$/.test(seller.vatNumber) && /^[A-Z0-9]{11,16}$/.test(seller.taxCode), "the seller's tax ids are malformed");
  check(/^RF(0[1-9]|1[0-9])$/.test(seller.taxRegime), "the seller's tax regime is no RF01..RF19");
  check(buyer.sdiCode === '' ? buyer.pec !== '' : /^[A-Z0-9]{7}$/.test(buyer.sdiCode), 'the buyer has neither a valid SDI code nor a PEC');
  check(
    (buyer.vatNumber === '' || /^\d{11}$/.test(buyer.vatNumber)) &&
      (buyer.taxCode === '' || /^[A-Z0-9]{11,16}$/.test(buyer.taxCode)) &&
      buyer.vatNumber + buyer.taxCode !== '',
    "the buyer's tax ids are malformed or both missing",
  );
  for (const party of [seller, buyer]) {
    check(/^\d{5}$/.test(party.postalCode) && /^[A-Z]{2}$/.test(party.province), 'a CAP or a provincia is malformed');
  }
  check(/^[\x20-\x7E]{1,20}$/.test(document.number), 'the number must be 1 to 20 plain characters');
  check(isDate(document.date), 'the date must be a day YYYY-MM-DD');
  check(document.lines.length >= 1 && document.lines.length <= MAX_LINES, `a document has 1 to ${MAX_LINES} lines`);
  for (const line of document.lines) {
    check(Number.isSafeInteger(line.quantity) && line.quantity >= 1 && line.quantity <= MAX_QUANTITY, 'a quantity is out of range');
    check(Number.isSafeInteger(line.unitPrice) && line.unitPrice >= 0 && line.unitPrice * line.quantity <= MAX_CENTS, 'a price is out of range');
    check(
      line.vatRate > 0 && line.vatRate <= 100 && Math.abs(line.vatRate * 100 - Math.round(line.vatRate * 100)) < 1e-6,
      'a VAT rate must be above 0, at most 100, two decimals',
    );
    check(line.period === undefined || (isDate(line.period.start) && isDate(line.period.end) && line.period.start <= line.period.end), 'a period is malformed');
  }
}

/** The seller's or the buyer's seat. */
const seat = (party: { address: string; postalCode: string; city: string; province: string }): Node => [
  'Sede',
  [
    ['Indirizzo', latinText(party.address, 60)],
    ['CAP', party.postalCode],
    ['Comune', latinText(party.city, 60)],
    ['Provincia', party.province],
    ['Nazione', 'IT'],
  ],
];

const fiscalId = (name: string, code: string): Node => [
  name,
  [
    ['IdPaese', 'IT'],
    ['IdCodice', code],
  ],
];

/** The FatturaPA file of one invoice, and the name the SdI expects for it. */
export function buildFatturaPA(input: FatturaInput): { fileName: string; xml: string } {
  checkInput(input);
  const { transmitter, progressive, seller, buyer, document } = input;

  const byRate = new Map<string, number>();
  const lines: Node[] = document.lines.map((line, index) => {
    const total = line.unitPrice * line.quantity;
    const rate = rateOf(line.vatRate);
    byRate.set(rate, (byRate.get(rate) ?? 0) + total);
    return [
      'DettaglioLinee',
      [
        ['NumeroLinea', String(index + 1)],
        ['Descrizione', latinText(line.description, 1000)],
        ['Quantita', `${line.quantity}.00`],
        line.period ? ['DataInizioPeriodo', line.period.start] : null,
        line.period ? ['DataFinePeriodo', line.period.end] : null,
        ['PrezzoUnitario', amountOf(line.unitPrice)],
        ['PrezzoTotale', amountOf(total)],
        ['AliquotaIVA', rate],
      ],
    ];
  });
  let documentTotal = 0;
  const summaries: Node[] = [...byRate].map(([rate, net]) => {
    const vat = vatOf(net, Number(rate));
    documentTotal += net + vat;
    return [
      'DatiRiepilogo',
      [
        ['AliquotaIVA', rate],
        ['ImponibileImporto', amountOf(net)],
        ['Imposta', amountOf(vat)],
        ['EsigibilitaIVA', 'I'],
      ],
    ];
  });

  const byPec = buyer.sdiCode === '';
  const header: Node = [
    'FatturaElettronicaHeader',
    [
      [
        'DatiTrasmissione',
        [
          fiscalId('IdTrasmittente', transmitter.idCodice),
          ['ProgressivoInvio', progressive],
          ['FormatoTrasmissione', 'FPR12'],
          ['CodiceDestinatario', byPec ? SDI_CODE_FOR_PEC : buyer.sdiCode],
          byPec ? ['PECDestinatario', buyer.pec] : null,
        ],
      ],
      [
        'CedentePrestatore',
        [
          [
            'DatiAnagrafici',
            [
              fiscalId('IdFiscaleIVA', seller.vatNumber),
              ['CodiceFiscale', seller.taxCode],
              ['Anagrafica', [['Denominazione', latinText(seller.legalName, 80)]]],
              ['RegimeFiscale', seller.taxRegime],
            ],
          ],
          seat(seller),
        ],
      ],
      [
        'CessionarioCommittente',
        [
          [
            'DatiAnagrafici',
            [
              // Both optional in the schema; the invoicing data always hold the partita IVA.
              buyer.vatNumber === '' ? null : fiscalId('IdFiscaleIVA', buyer.vatNumber),
              buyer.taxCode === '' ? null : ['CodiceFiscale', buyer.taxCode],
              ['Anagrafica', [['Denominazione', latinText(buyer.legalName, 80)]]],
            ],
          ],
          seat(buyer),
        ],
      ],
    ],
  ];
  const body: Node = [
    'FatturaElettronicaBody',
    [
      [
        'DatiGenerali',
        [
          [
            'DatiGeneraliDocumento',
            [
              ['TipoDocumento', 'TD01'],
              ['Divisa', 'EUR'],
              ['Data', document.date],
              ['Numero', document.number],
              ['ImportoTotaleDocumento', amountOf(documentTotal)],
            ],
          ],
        ],
      ],
      ['DatiBeniServizi', [...lines, ...summaries]],
      [
        'DatiPagamento',
        [
          ['CondizioniPagamento', 'TP02'],
          [
            'DettaglioPagamento',
            [
              ['ModalitaPagamento', 'MP08'],
              ['ImportoPagamento', amountOf(documentTotal)],
            ],
          ],
        ],
      ],
    ],
  ];

  const xml = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<p:FatturaElettronica versione="FPR12" xmlns:p="${NAMESPACE}" xmlns:ds="${SIGNATURE_NAMESPACE}">`,
    render(header, 1),
    render(body, 1),
    '</p:FatturaElettronica>',
    '',
  ].join('\n');
  return { fileName: eInvoiceFileName(transmitter.idCodice, progressive), xml };
}
