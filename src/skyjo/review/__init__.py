"""The game review (coach): the expert rates one seat's decisions in a game record.

Pure and independent of any page: :mod:`~skyjo.review.decisions` finds the
decisions and what the seat saw, :mod:`~skyjo.review.rating` rates them in small
slices, :mod:`~skyjo.review.kinds` names the mistakes, :mod:`~skyjo.review.texts`
holds the words and :mod:`~skyjo.review.report` prints a review or makes its JSON.
"""

from skyjo.review.rating import Rated, Review, Reviewer, review

__all__ = ["Rated", "Review", "Reviewer", "review"]
