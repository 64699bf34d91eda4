import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  BookingMotiveDto,
  NextSlotsDto,
  NextSlotsQueryDto,
  SlotsDto,
  SlotsQueryDto,
} from './availability.dto';
import { Uuid } from '../../common/route-params';
import { SlotsService } from './slots.service';

/** Public reads of free slots (profile page, booking dialog, directory cards). */
@ApiTags('slots')
@Controller()
export class SlotsController {
  constructor(private readonly slotQueries: SlotsService) {}

  @Get('users/:id/booking-motives')
  @ApiOkResponse({
    type: [BookingMotiveDto],
    description: 'Active motives a visitor can book, with their modes',
  })
  bookingMotives(@Param('id', Uuid) id: string): Promise<BookingMotiveDto[]> {
    return this.slotQueries.bookingMotives(id);
  }

  @Get('users/:id/slots')
  @ApiOkResponse({ type: SlotsDto, description: 'Free start times, ISO with the professional offset' })
  slots(@Param('id', Uuid) id: string, @Query() query: SlotsQueryDto): Promise<SlotsDto> {
    return this.slotQueries.slots(id, query);
  }

  @Get('slots/next')
  @ApiOkResponse({ type: NextSlotsDto, description: 'Next free slots of up to 20 professionals' })
  next(@Query() query: NextSlotsQueryDto): Promise<NextSlotsDto> {
    return this.slotQueries.nextSlots(query.userIds, query.limit ?? 3);
  }
}
