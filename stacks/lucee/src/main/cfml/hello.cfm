<!--- Seed 000's xmlservice.cfm (test 1): the answer written inline. enablecfoutputonly keeps the
      tags' own line breaks out of the body, so the XML declaration comes first. --->
<cfsetting enablecfoutputonly="true">
<cfcontent reset="true" type="text/xml">
<cfparam name="url.method" default="">
<cfswitch expression="#url.method#">
  <cfcase value="hello">
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>Hello World</str></cfoutput>
  </cfcase>
  <cfdefaultcase>
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>Unknown Method</str></cfoutput>
  </cfdefaultcase>
</cfswitch>
