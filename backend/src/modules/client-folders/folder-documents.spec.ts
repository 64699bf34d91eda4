import { documentLabel, detectDocumentType } from './folder-documents';
import { DownloadLinks } from './download-links';
import { parseClamdReply } from './virus-scanner';

describe('documentLabel', () => {
  it('keeps only the last path segment, without extension nor control characters', () => {
    expect(documentLabel('../../etc/passwd.pdf')).toBe('passwd');
    expect(documentLabel('C:\\Users\\Léa\\Bail signé.docx')).toBe('Bail signé');
    expect(documentLabel('facture\u202egpj.pdf')).toBe('facturegpj');
    expect(documentLabel('...')).toBe('Document');
    expect(documentLabel(undefined)).toBe('Document');
    expect(documentLabel('x'.repeat(300))).toHaveLength(80);
  });
});

describe('detectDocumentType', () => {
  it('decides the type from the bytes only', async () => {
    await expect(detectDocumentType(Buffer.from('%PDF-1.4\n%%EOF'))).resolves.toEqual({
      mime: 'application/pdf',
      ext: 'pdf',
    });
    await expect(detectDocumentType(Buffer.from('#!/bin/sh\nrm -rf /'))).rejects.toThrow(
      'Format non accepté',
    );
  });
});

describe('parseClamdReply', () => {
  it('tells clean, infected and errors apart', () => {
    expect(parseClamdReply('stream: OK\0')).toEqual({ clean: true });
    expect(parseClamdReply('stream: Eicar-Test-Signature FOUND\0')).toEqual({
      clean: false,
      signature: 'Eicar-Test-Signature',
    });
    expect(() => parseClamdReply('INSTREAM size limit exceeded. ERROR\0')).toThrow('unexpected reply');
  });
});

describe('DownloadLinks', () => {
  const links = new DownloadLinks('a secret of at least thirty-two characters');
  const claim = {
    documentId: '0b7c6f2e-3c1a-4d2b-9e8f-1a2b3c4d5e6f',
    account: { kind: 'attendee' as const, id: '5f0e9d8c-7b6a-4e3d-8c2b-1a0f9e8d7c6b' },
    expiresAt: Date.now() + 60_000,
  };

  it('round-trips a claim in a token short enough for a path parameter', () => {
    const token = links.issue({ ...claim, nonce: '0123456789abcdef' });
    expect(token.length).toBeLessThan(100);
    expect(links.verify(token, Date.now())).toEqual({
      ...claim,
      expiresAt: Math.ceil(claim.expiresAt / 1000) * 1000,
      nonce: '0123456789abcdef',
    });
  });

  it('gives every link its own random part, so two links of one second are two single-use links', () => {
    const first = links.verify(links.issue(claim), Date.now());
    const second = links.verify(links.issue(claim), Date.now());
    expect(first?.nonce).toMatch(/^[0-9a-f]{16}$/);
    expect(first?.nonce).not.toBe(second?.nonce);
  });

  it('refuses an expired, altered or foreign-signed token', () => {
    const token = links.issue(claim);
    expect(links.verify(token, claim.expiresAt + 2000)).toBeUndefined();
    const altered = `${token[0] === 'A' ? 'B' : 'A'}${token.slice(1)}`;
    expect(links.verify(altered, Date.now())).toBeUndefined();
    expect(
      new DownloadLinks('another secret of at least thirty-two chars').verify(token, Date.now()),
    ).toBeUndefined();
  });
});
