"""Fan & Mallet's page code: Play (board, side panel, possessions, match), Learn, What-if."""
