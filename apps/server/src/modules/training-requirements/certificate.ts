import { formatDateUs } from '@portico/shared';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

export interface CertificateFacts {
  memberName: string;
  courseName: string;
  courseNumber: string | null;
  hours: number;
  completedOn: string;
  association: string | null;
  id: number;
}

/** Standard fonts encode WinAnsi only: a character outside it (a curly quote, an accent beyond Latin-1) is replaced. */
const safe = (text: string) =>
  text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** A certificate of completion (issue 31 section 2): the member, the course, its hours, the date and the association. */
export async function certificatePdf(f: CertificateFacts): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(safe(`Certificate of completion: ${f.courseName}`));
  doc.setSubject(safe(f.memberName));
  doc.setProducer('Portico');
  doc.setCreationDate(new Date(`${f.completedOn}T12:00:00Z`));
  const page = doc.addPage([792, 612]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const plain = await doc.embedFont(StandardFonts.Helvetica);
  const ink = rgb(0.1, 0.15, 0.3);
  page.drawRectangle({ x: 24, y: 24, width: 744, height: 564, borderColor: ink, borderWidth: 3 });
  const centre = (text: string, y: number, size: number, font = plain) => {
    const t = safe(text);
    page.drawText(t, { x: (792 - font.widthOfTextAtSize(t, size)) / 2, y, size, font, color: ink });
  };
  centre('Certificate of Completion', 480, 34, bold);
  centre('This certifies that', 420, 14);
  centre(f.memberName, 385, 26, bold);
  centre('has completed', 345, 14);
  centre(f.courseName, 310, 20, bold);
  if (f.courseNumber) centre(`Course number ${f.courseNumber}`, 285, 12);
  centre(`${f.hours} ${f.hours === 1 ? 'hour' : 'hours'} on ${formatDateUs(f.completedOn)}`, 250, 14);
  if (f.association) centre(`Presented by ${f.association}`, 200, 14);
  centre(`Certificate ${f.id}`, 60, 9);
  return doc.save();
}
