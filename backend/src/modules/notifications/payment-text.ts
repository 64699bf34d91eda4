/**
 * What the mails say of a paid motive's appointment: the price and the cancellation rule accepted at booking
 * ("80,00 € TTC ; annulation gratuite jusqu’à 48 h avant…"), or the legal aid the client declared.
 */
export function paymentText(payment: {
  status: string;
  amountCents: number;
  legalAid: boolean;
  cancellationDeadlineHours: number;
  lateCancellationRefund: string;
}): string {
  if (payment.legalAid) return 'aide juridictionnelle totale déclarée : sans paiement';
  const euros = (payment.amountCents / 100).toLocaleString('fr-FR', { style: 'currency', currency: 'EUR' });
  const late =
    payment.lateCancellationRefund === 'all'
      ? 'remboursée intégralement'
      : payment.lateCancellationRefund === 'half'
        ? 'remboursée à moitié'
        : 'non remboursée';
  return `${euros} TTC payés en ligne (débités à la validation) ; annulation gratuite jusqu’à ${payment.cancellationDeadlineHours} h avant le rendez-vous, ensuite ${late} ; remboursement intégral si le rendez-vous est refusé ou annulé par le professionnel`;
}
