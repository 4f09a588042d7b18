<!--- Seed 000's xmlservicewithcfc.cfm (test 2): the component created on every request. --->
<cfsetting enablecfoutputonly="true">
<cfcontent reset="true" type="text/xml">
<cfparam name="url.method" default="">
<cfswitch expression="#url.method#">
  <cfcase value="hello">
    <cfset oSS = createObject("component", "Hello")>
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>#oSS.hello()#</str></cfoutput>
  </cfcase>
  <cfdefaultcase>
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>Unknown Method</str></cfoutput>
  </cfdefaultcase>
</cfswitch>
