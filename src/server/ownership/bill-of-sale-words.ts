import type { Language } from '../../domain/locale.js';

// The words of the bill of sale (bill-of-sale-pdf.ts), in each language the seller may have.

export type Words = {
  title: string;
  intro: string;
  seller: string;
  buyer: string;
  bike: string;
  sale: string;
  confirmations: string;
  signature: string;
  name: string;
  brand: string;
  model: string;
  colour: string;
  category: string;
  frameNumber: string;
  plate: string;
  handoverDate: string;
  price: string;
  sellerConfirmed: string;
  buyerConfirmed: string;
  documentId: string;
  issued: string;
  signatureText: string;
  publicKey: string;
  check: string;
  none: string;
};

export const BILL_WORDS: Record<Language, Words> = {
  da: {
    title: 'Slutseddel',
    intro: 'Cyklen herunder er overdraget fra sælger til køber gennem Cykelregistret. Begge har bekræftet handlen med national digital ID.',
    seller: 'Sælger',
    buyer: 'Køber',
    bike: 'Cykel',
    sale: 'Handel',
    confirmations: 'Bekræftet med national digital ID (MitID/BankID)',
    signature: 'Digital signatur',
    name: 'Navn',
    brand: 'Mærke',
    model: 'Model',
    colour: 'Farve',
    category: 'Kategori',
    frameNumber: 'Stelnummer',
    plate: 'ID-nummer (plade)',
    handoverDate: 'Overdragelsesdato',
    price: 'Pris',
    sellerConfirmed: 'Sælger bekræftede',
    buyerConfirmed: 'Køber bekræftede',
    documentId: 'Dokument-id',
    issued: 'Udstedt',
    signatureText:
      'Oplysningerne er signeret af Cykelregistret (Ed25519). Kontrollér dokumentet på adressen herunder; svaret skal vise samme SHA-256 som denne fil.',
    publicKey: 'Offentlig nøgle',
    check: 'Kontrol',
    none: 'Ikke oplyst',
  },
  en: {
    title: 'Bill of sale',
    intro:
      'The bike below was handed over from the seller to the buyer through the Bike Register. Both confirmed the sale with national digital ID.',
    seller: 'Seller',
    buyer: 'Buyer',
    bike: 'Bike',
    sale: 'Sale',
    confirmations: 'Confirmed with national digital ID (MitID/BankID)',
    signature: 'Digital signature',
    name: 'Name',
    brand: 'Brand',
    model: 'Model',
    colour: 'Colour',
    category: 'Category',
    frameNumber: 'Frame number',
    plate: 'ID number (plate)',
    handoverDate: 'Handover date',
    price: 'Price',
    sellerConfirmed: 'Seller confirmed',
    buyerConfirmed: 'Buyer confirmed',
    documentId: 'Document ID',
    issued: 'Issued',
    signatureText:
      'The facts are signed by the Bike Register (Ed25519). Check the document at the address below; the answer must show the same SHA-256 as this file.',
    publicKey: 'Public key',
    check: 'Check',
    none: 'Not given',
  },
  no: {
    title: 'Kjøpekontrakt',
    intro:
      'Sykkelen nedenfor er overdratt fra selger til kjøper gjennom Sykkelregisteret. Begge har bekreftet handelen med nasjonal digital ID.',
    seller: 'Selger',
    buyer: 'Kjøper',
    bike: 'Sykkel',
    sale: 'Handel',
    confirmations: 'Bekreftet med nasjonal digital ID (MitID/BankID)',
    signature: 'Digital signatur',
    name: 'Navn',
    brand: 'Merke',
    model: 'Modell',
    colour: 'Farge',
    category: 'Kategori',
    frameNumber: 'Rammenummer',
    plate: 'ID-nummer (skilt)',
    handoverDate: 'Overdragelsesdato',
    price: 'Pris',
    sellerConfirmed: 'Selger bekreftet',
    buyerConfirmed: 'Kjøper bekreftet',
    documentId: 'Dokument-ID',
    issued: 'Utstedt',
    signatureText:
      'Opplysningene er signert av Sykkelregisteret (Ed25519). Kontroller dokumentet på adressen nedenfor; svaret skal vise samme SHA-256 som denne filen.',
    publicKey: 'Offentlig nøkkel',
    check: 'Kontroll',
    none: 'Ikke oppgitt',
  },
};
