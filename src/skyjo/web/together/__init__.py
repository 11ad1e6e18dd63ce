"""Play together, each on their own device (issue 38): WebRTC data channels between
pages, the host's page the only authority.

``signal`` turns a page's session description into the compact text an invitation
carries and back; ``wire`` is what crosses the data channel (the seat's view one
way, a person's intent the other); ``referee`` is what the host checks before a
guest's intent reaches the engine; ``lobby`` holds the host's invitations until
every seat is connected; ``guest`` is the guest's page. See docs/several-devices.md.
"""
