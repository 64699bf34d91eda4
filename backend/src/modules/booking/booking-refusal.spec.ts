import { newTestService } from '../../../test/support/new-test-service';
import { PaymentChanges } from '../payments';
import { BookingRefusal } from './booking-refusal';
import { BookingWrites } from './booking-writes';
import { BookingRepository } from './booking.repository';

const ID = '6f9619ff-8b86-4011-b42d-00c04fc964ff';

describe('BookingRefusal', () => {
  it('refuses with the reason, makes the payment owe everything back, and tells the client', async () => {
    const { sut, mocks } = newTestService(BookingRefusal);
    const tx = {} as never;
    await sut.refusePending(tx, ID, 'Restée sans réponse');
    expect(mocks(BookingRepository).setStatus).toHaveBeenCalledWith(tx, ID, 'refused', {
      refusalReason: 'Restée sans réponse',
    });
    expect(mocks(PaymentChanges).afterChange).toHaveBeenCalledWith(tx, ID, 'refused');
    expect(mocks(BookingWrites).notify).toHaveBeenCalledWith(tx, {
      event: 'refused',
      appointmentId: ID,
      reason: 'Restée sans réponse',
    });
  });
});
